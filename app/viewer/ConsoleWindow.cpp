#include "viewer/ConsoleWindow.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cstring>
#include <string>

namespace cliplab::viewer {

namespace {

/// Replaces the input line's whole text.
void setLine(ImGuiInputTextCallbackData* data, const std::string& text) {
    data->DeleteChars(0, data->BufTextLen);
    data->InsertChars(0, text.c_str(),
                      text.c_str() + std::min<size_t>(text.size(), size_t(data->BufSize - 1)));
}

/// Applies a terminal's line edit to the input line.
void applyEdit(ImGuiInputTextCallbackData* data, LineEdit edit) {
    int cursor = std::clamp(data->CursorPos, 0, data->BufTextLen);
    switch (edit) {
    case LineEdit::Start:
        cursor = 0;
        break;
    case LineEdit::End:
        cursor = data->BufTextLen;
        break;
    case LineEdit::DeleteToStart:
        data->DeleteChars(0, cursor);
        cursor = 0;
        break;
    case LineEdit::DeleteWordBack: {
        int from = cursor;
        while (from > 0 && data->Buf[from - 1] == ' ')
            --from;
        while (from > 0 && data->Buf[from - 1] != ' ')
            --from;
        data->DeleteChars(from, cursor - from);
        cursor = from;
        break;
    }
    }
    data->CursorPos = data->SelectionStart = data->SelectionEnd = cursor;
}

} // namespace

int ConsoleWindow::inputCallback(ImGuiInputTextCallbackData* data) {
    auto& self = *static_cast<ConsoleWindow*>(data->UserData);
    console::Console& con = *self.m_console;
    switch (data->EventFlag) {
    case ImGuiInputTextFlags_CallbackAlways:
        for (const LineEdit e : self.m_edits)
            applyEdit(data, e);
        self.m_edits.clear();
        break;
    case ImGuiInputTextFlags_CallbackCharFilter:
        // The key that opens and closes the console never lands in its input line.
        return data->EventChar == '`' || data->EventChar == '~' ? 1 : 0;
    case ImGuiInputTextFlags_CallbackCompletion: {
        const std::string typed(data->Buf, size_t(data->BufTextLen));
        const console::Completion c = con.complete(typed);
        if (c.matches.size() > 1) {
            // As the game does: the candidates are listed in the scrollback.
            std::string echo = "] ";
            echo += typed;
            con.print(echo);
            for (const std::string& m : c.matches)
                con.print("    " + m);
        }
        setLine(data, c.line);
        break;
    }
    case ImGuiInputTextFlags_CallbackHistory: {
        const std::string current(data->Buf, size_t(data->BufTextLen));
        const auto line = data->EventKey == ImGuiKey_UpArrow ? con.historyUp(current) : con.historyDown();
        if (line)
            setLine(data, *line);
        break;
    }
    default:
        break;
    }
    return 0;
}

void ConsoleWindow::toggle() {
    m_open = !m_open;
    m_focusInput = m_open;
    m_refocusFrames = 0;
    m_edits.clear();
    if (!m_open && ImGui::GetCurrentContext()) {
        // The input line lets go of the keyboard now, not when ImGui notices at its next frames:
        // a key pressed right after ~ is a key binding again.
        ImGui::ClearActiveID();
        ImGuiIO& io = ImGui::GetIO();
        io.WantCaptureKeyboard = io.WantTextInput = false;
    }
}

void ConsoleWindow::draw(console::Console& console) {
    if (!m_open)
        return;
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x, io.DisplaySize.y * kHeight), ImGuiCond_Always);
    if (m_focusInput)
        ImGui::SetNextWindowFocus();
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                        ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                        ImGuiWindowFlags_NoSavedSettings;
    if (!ImGui::Begin(kName, nullptr, kFlags)) {
        ImGui::End();
        return;
    }
    const float footer = ImGui::GetStyle().ItemSpacing.y + ImGui::GetFrameHeightWithSpacing();
    if (ImGui::BeginChild("##scrollback", ImVec2(0.0f, -footer), false,
                          ImGuiWindowFlags_HorizontalScrollbar)) {
        const auto& lines = console.lines();
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(lines.size()));
        while (clipper.Step())
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                const std::string& l = lines[static_cast<size_t>(i)];
                const bool typed = l.rfind("] ", 0) == 0;
                if (typed)
                    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.6f, 0.8f, 1.0f, 1.0f));
                ImGui::TextUnformatted(l.c_str());
                if (typed)
                    ImGui::PopStyleColor();
            }
        // New lines scroll to the bottom unless the user scrolled up to read.
        const bool atBottom = ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 1.0f;
        if (lines.size() != m_linesSeen && (atBottom || m_linesSeen == 0 || m_focusInput))
            ImGui::SetScrollHereY(1.0f);
        m_linesSeen = lines.size();
    }
    ImGui::EndChild();
    ImGui::Separator();
    constexpr ImGuiInputTextFlags kInput =
        ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CallbackCompletion |
        ImGuiInputTextFlags_CallbackHistory | ImGuiInputTextFlags_CallbackCharFilter |
        ImGuiInputTextFlags_CallbackAlways;
    if (m_focusInput) {
        ImGui::SetKeyboardFocusHere();
        m_focusInput = false;
        m_refocusFrames = 3; // a click elsewhere may keep it from coming: then stop waiting
    }
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Tab completes, Up/Down history, Esc or ~ closes").x -
                            16.0f);
    m_console = &console;
    if (ImGui::InputText("##input", m_input.data(), m_input.size(), kInput, inputCallback, this)) {
        console.submit(m_input.data());
        m_input[0] = '\0';
        m_focusInput = true; // Enter leaves the field; typing goes on in it
    } else if (ImGui::IsItemActive() || m_refocusFrames > 0) {
        m_refocusFrames = ImGui::IsItemActive() ? 0 : m_refocusFrames - 1;
    }
    ImGui::SameLine();
    ImGui::TextDisabled("Tab completes, Up/Down history, Esc or ~ closes");
    ImGui::End();
}

} // namespace cliplab::viewer
